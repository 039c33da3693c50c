export * from './storage';
export { ensureIncomingDir, incomingDir, removeStaleIncoming, uploadsDir } from './incoming';
export { createFileStorage } from './select';
