/** Content items, their approval workflow, review links and comments. */
export { remindWaitingReviews } from './comments.service';
export { registerContentListeners } from './content.listeners';
