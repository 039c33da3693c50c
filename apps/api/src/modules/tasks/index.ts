/** Staff tasks: their routes (mounted by api.router), and the services the demo seed creates its tasks through. */
export { createTask, updateTask } from './tasks.service';
