/** Content items, their approval workflow, review links and comments. */
export { createComment, remindWaitingReviews } from './comments.service';
export { registerContentListeners } from './content.listeners';
export { approveContent, createContent, rejectContent, updateContent } from './content.service';
