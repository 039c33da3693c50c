/** API keys: what the request guard needs to authenticate a key and log its use. */
export { checkApiKeyScope } from './api-key-access';
export { findKeyByHash, recordApiKeyUse } from './api-keys.queries';
