/** A client's team (its login and the members it invited, with their permissions). */
export { clientPeople, clientPeopleContacts } from './team.queries';
