/** Staff tasks: nothing but their routes (mounted by api.router). */
export {};
