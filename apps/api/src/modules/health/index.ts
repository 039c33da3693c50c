/** The health check: nothing but its route (mounted by api.router). */
export {};
