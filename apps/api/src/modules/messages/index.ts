/** Client threads: their routes (mounted by api.router), and the services the demo seed writes its threads through. */
export { markMessageRead, sendToAdmin, sendToClient } from './messages.service';
