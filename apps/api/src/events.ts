import { EventEmitter } from 'node:events';
import type { TNotification } from '@agency/contract';

/**
 * Domain events: services emit them after a change is committed; the realtime layer (WebSocket push,
 * LISTEN/NOTIFY fan-out) and other listeners subscribe. Services never touch sockets.
 */
export interface DomainEventMap {
  'notification.created': { userId: number; notification: TNotification };
  'message.created': { messageId: number; clientId: number; senderId: number | null; receiverId: number | null };
  'message.read': { messageIds: number[]; clientId: number; readerId: number };
  'content.reviewed': { contentId: number; clientId: number; action: 'approved' | 'rejected' };
  'invoice.changed': { invoiceId: number; clientId: number; change: 'created' | 'paid' | 'reminded' };
  'task.assigned': { taskId: number; userId: number };
}

export type DomainEventName = keyof DomainEventMap;

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends DomainEventName>(name: K, listener: (payload: DomainEventMap[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
