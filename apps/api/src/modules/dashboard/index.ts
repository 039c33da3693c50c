/** The overview cards: nothing but their routes (mounted by api.router); each figure comes from the module that owns it. */
export {};
