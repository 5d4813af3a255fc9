/** SPEC 2: /version shows the app version. */
export const appVersion = '2.11.2';
