/** Contact-form leads: nothing but their routes (mounted by api.router). */
export {};
