// The service client's module, loaded on first use: its module loads undici, which the extension
// keeps out of activation.
/** The client module: `ServiceClient` and the `UnfinishedGenerations` its clients share. */
export const loadServiceClient = () => import('./serviceClient');
