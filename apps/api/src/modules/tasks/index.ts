/** Staff tasks: their routes (mounted by api.router), the services the demo seed creates its tasks through, and their counts. */
export { createTask, getTaskStats, updateTask } from './tasks.service';
