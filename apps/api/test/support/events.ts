import type { AppDeps } from '../../src/deps';
import type { DomainEventMap, DomainEventName } from '../../src/events/catalog';
import { emit, transact } from '../../src/events/outbox';

/** Records a domain event the way a service does (committed, then dispatched), for tests of its listeners. */
export function recordEvent<K extends DomainEventName>(deps: AppDeps, name: K, payload: DomainEventMap[K]): Promise<void> {
  return transact(deps, (tx) => emit(tx, name, payload));
}
