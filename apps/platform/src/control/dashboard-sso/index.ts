/** Single sign-on to the dashboard through an organisation's OpenID provider (Team plan and above). */
export { getDashboardSso, updateDashboardSso } from './settings.ts';
export { completeDashboardSso, startDashboardSso } from './sign-in.ts';
export { assertPasswordSignInAllowed } from './enforcement.ts';
