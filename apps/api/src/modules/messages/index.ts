/** Client threads: nothing but their routes (mounted by api.router). */
export {};
