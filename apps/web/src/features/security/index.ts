/** The screen a staff account is held on until it sets up the second factor its agency requires. */
export { default as ForcedEnrolmentPage } from './forced-enrolment.page';
