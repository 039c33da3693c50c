export * from './access-select';
export * from './invite-dialog';
export * from './people-table';
export * from './person-actions';
export * from './person-cell';
