/** The intake form a client fills in after a purchase. */
export { registerIntakeListeners } from './intake.listeners';
export { remindWaitingIntakes } from './intake.service';
