// zod compiles object parsers with `new Function` when it may, and finds out whether it may by
// trying one as each object schema is built: under the server's Content-Security-Policy (no
// 'unsafe-eval') that try is refused and reported as a violation. Parsing without it is as
// correct. zod reads its settings from this global when it loads; a plain script runs before any
// module of the app, whatever order the bundler gives them, so no schema is built before it.
globalThis.__zod_globalConfig = { jitless: true };
