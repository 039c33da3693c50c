export { attachRealtime, originAllowed, WS_MAX_PAYLOAD, WS_PATH, type Realtime, type RealtimeOptions } from './server';
