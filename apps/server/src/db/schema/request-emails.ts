// Filled by the area's first pass.
export {};
