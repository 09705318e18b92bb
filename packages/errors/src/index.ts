/**
 * The one catalogue of Plinth errors. Every error a client can see has a stable code here, with its
 * HTTP status and a message a person can act on. Status codes are chosen by code, never by matching
 * message text.
 */
export const errorCatalogue = {
  // request shape
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  validation_failed: { status: 400, message: 'The request is invalid.' },
  // Postgres text cannot hold U+0000, so it is refused at the door rather than failing in the database.
  text_contains_nul: { status: 400, message: 'Text cannot contain the NUL character (\\u0000).' },
  json_too_deep: { status: 400, message: 'The JSON document is nested too deeply.' },
  body_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'The request body must be JSON.' },
  route_not_found: { status: 404, message: 'There is no such endpoint.' },
  uri_too_long: { status: 414, message: 'A part of the URL path is too long.' },
  method_not_allowed: { status: 405, message: 'This method is not allowed here.' },
  // sessions and platform auth
  not_authenticated: { status: 401, message: 'You must be signed in to do this.' },
  invalid_jwt: { status: 401, message: 'The session token is invalid or has expired. Sign in again.' },
  insufficient_aal: { status: 401, message: 'This action needs a session verified with multi-factor authentication.' },
  invalid_credentials: { status: 400, message: 'Invalid login credentials' },
  user_already_exists: { status: 422, message: 'User already registered' },
  // The message names the policy's own limits (see data-plane/auth/password-policy.ts).
  weak_password: { status: 422, message: 'The password does not meet the password policy.' },
  signup_disabled: { status: 403, message: 'Signups not allowed for this instance' },
  email_not_confirmed: { status: 400, message: 'Email not confirmed' },
  refresh_token_not_found: { status: 400, message: 'Invalid Refresh Token: Refresh Token Not Found' },
  refresh_token_already_used: { status: 400, message: 'Invalid Refresh Token: Already Used' },
  session_not_found: { status: 403, message: 'Session from session_id claim in JWT does not exist' },
  user_not_found: { status: 404, message: 'User not found' },
  mfa_factor_not_found: { status: 404, message: 'Factor not found' },
  mfa_challenge_expired: { status: 422, message: 'MFA challenge has expired, verify against another challenge or create a new challenge.' },
  mfa_verification_failed: { status: 422, message: 'Invalid TOTP code entered' },
  mfa_factor_name_conflict: { status: 422, message: 'A factor with this friendly name already exists.' },
  over_request_rate_limit: { status: 429, message: 'Too many attempts. Wait a minute and try again.' },
  not_admin: { status: 403, message: 'User not allowed' },
  user_banned: { status: 400, message: 'User is banned' },
  email_exists: { status: 422, message: 'A user with this email address has already been registered' },
  unsupported_grant_type: { status: 400, message: 'Unsupported grant type' },
  mfa_challenge_not_found: { status: 404, message: 'Challenge not found' },
  too_many_enrolled_mfa_factors: { status: 422, message: 'Maximum number of enrolled factors reached' },
  // GoTrue's email, OTP, PKCE, anonymous and provider errors (codes and messages as GoTrue answers them)
  over_email_send_rate_limit: { status: 429, message: 'Email rate limit exceeded' },
  session_expired: { status: 403, message: 'Session Expired' },
  otp_disabled: { status: 422, message: 'Signups not allowed for otp' },
  otp_expired: { status: 403, message: 'Token has expired or is invalid' },
  email_provider_disabled: { status: 422, message: 'Email logins are disabled' },
  phone_provider_disabled: { status: 422, message: 'Phone signups are disabled' },
  anonymous_provider_disabled: { status: 422, message: 'Anonymous sign-ins are disabled' },
  provider_disabled: { status: 400, message: 'Unsupported provider: Provider is not enabled' },
  manual_linking_disabled: { status: 404, message: 'Manual linking is disabled' },
  saml_provider_disabled: { status: 404, message: 'SAML 2.0 is disabled' },
  // SAML 2.0 single sign-on (GoTrue's codes)
  sso_provider_not_found: { status: 404, message: 'No such SSO provider' },
  sso_domain_already_exists: { status: 400, message: 'SSO domain is already assigned to an SSO identity provider' },
  saml_idp_already_exists: { status: 422, message: 'A SAML connection with this Identity Provider EntityID already exists' },
  saml_entity_id_mismatch: { status: 422, message: 'Metadata XML/URL has a different EntityID than the current provider' },
  saml_metadata_fetch_failed: { status: 400, message: 'Unable to fetch SAML metadata' },
  saml_relay_state_not_found: { status: 400, message: 'SAML RelayState does not exist, try logging in again?' },
  saml_relay_state_expired: { status: 400, message: 'SAML RelayState has expired, try logging in again?' },
  saml_assertion_invalid: { status: 400, message: 'SAML Assertion is not valid' },
  saml_assertion_no_user_id: { status: 400, message: 'SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user' },
  saml_assertion_no_email: { status: 400, message: 'SAML Assertion does not contain an email address' },
  web3_provider_disabled: { status: 400, message: 'Web3 provider is disabled' },
  sms_send_failed: { status: 500, message: 'Error sending SMS: no SMS provider is configured' },
  email_send_failed: { status: 500, message: 'Error sending email' },
  flow_state_not_found: { status: 404, message: 'invalid flow state, no valid flow state found' },
  flow_state_expired: { status: 403, message: 'invalid flow state, flow state has expired' },
  bad_code_verifier: { status: 403, message: 'code challenge does not match previously saved code verifier' },
  reauthentication_needed: { status: 401, message: 'Password update requires reauthentication' },
  reauthentication_not_valid: { status: 422, message: 'Requires a valid reauthentication nonce' },
  same_password: { status: 422, message: 'New password should be different from the old password.' },
  identity_not_found: { status: 404, message: 'Identity doesn\'t exist' },
  identity_already_exists: { status: 422, message: 'Identity is already linked' },
  single_identity_not_deletable: { status: 422, message: 'User must have at least 1 identity after unlinking' },
  email_address_not_authorized: { status: 400, message: 'Email address not authorized' },
  hook_rejected: { status: 400, message: 'The request was refused by an auth hook.' },
  hook_failed: { status: 500, message: 'An auth hook failed.' },
  bad_oauth_state: { status: 400, message: 'OAuth state is invalid or has expired' },
  bad_oauth_callback: { status: 400, message: 'OAuth callback with missing or invalid parameters' },
  // personal access tokens (/api/v1): an unknown and a revoked token read alike, so revocation does not leak
  access_token_invalid: { status: 401, message: 'The access token is not valid. It may have been revoked.' },
  access_token_expired: { status: 401, message: 'The access token has expired. Create a new one.' },
  access_token_not_accepted: { status: 401, message: 'Personal access tokens are accepted by the Management API at /api/v1 only. Sign in to use the dashboard API.' },
  // The message names the missing scope (see http/plugins/session.ts).
  access_token_scope_missing: { status: 403, message: 'The access token does not have the scope this call needs.' },
  access_token_not_found: { status: 404, message: 'Access token not found.' },
  // OAuth apps (/org/{slug}/apps, /api/v1/oauth): an app's token acts on one organisation only
  oauth_app_not_found: { status: 404, message: 'OAuth app not found.' },
  oauth_authorized_app_not_found: { status: 404, message: 'Authorized app not found.' },
  oauth_authorization_not_found: { status: 404, message: 'This authorization request has expired or was already answered. Start again from the app.' },
  oauth_token_not_confined: { status: 403, message: "OAuth app tokens cannot make this call: it is not limited to the token's organization." },
  // permissions and tenancy
  forbidden: { status: 403, message: 'You do not have permission to do this.' },
  organization_not_found: { status: 404, message: 'Organization not found.' },
  project_not_found: { status: 404, message: 'Project not found.' },
  member_not_found: { status: 404, message: 'Member not found.' },
  invitation_not_found: { status: 404, message: 'Invitation not found.' },
  ticket_not_found: { status: 404, message: 'Support ticket not found.' },
  invoice_not_found: { status: 404, message: 'Invoice not found.' },
  content_not_found: { status: 404, message: 'Content not found' },
  signing_key_not_found: { status: 404, message: 'Signing key not found.' },
  api_key_not_found: { status: 404, message: 'API key not found.' },
  backup_not_found: { status: 404, message: 'Backup not found.' },
  table_not_found: { status: 404, message: 'Table not found.' },
  jwt_secret_update_in_progress: { status: 409, message: 'The JWT secret is already being updated.' },
  custom_hostname_not_configured: { status: 400, message: 'This project has no custom hostname configuration.' },
  slug_taken: { status: 409, message: 'An organization with this slug already exists.' },
  already_member: { status: 409, message: 'This person is already a member of the organization.' },
  invitation_exists: { status: 409, message: 'This email address has already been invited.' },
  last_owner: { status: 409, message: 'An organization must keep at least one owner.' },
  role_not_available: { status: 400, message: 'This role is not available on the organization\'s plan: Free and Pro have Owner and Developer; Administrator, Read-only and Billing admin need the Team plan.' },
  additional_owner_not_available: { status: 400, message: 'Additional owners need the Team plan: on Free and Pro an organization has one owner.' },
  free_project_limit_reached: { status: 400, message: 'The free plan allows 2 active free projects per owner or administrator. Delete, pause or upgrade a project first.' },
  free_organization_limit_reached: { status: 400, message: 'You can be owner of at most 2 free organizations.' },
  project_not_active: { status: 409, message: 'The project is not in a state that allows this.' },
  // Git repositories and project Git connections (control/git/); the message names the repository and the cause
  git_repository_not_found: { status: 404, message: 'Git repository not found.' },
  git_repository_unreadable: { status: 400, message: 'The Git repository could not be read.' },
  git_repository_exists: { status: 409, message: 'This repository has already been added to the organization.' },
  git_branch_not_found: { status: 404, message: 'The branch does not exist in the Git repository.' },
  git_connection_not_found: { status: 404, message: 'This project is not connected to a Git repository.' },
  git_webhook_unauthorized: { status: 401, message: "The webhook's signature (or GitLab token) does not match the repository's webhook secret." },
  // database branches (control/branches/)
  branch_not_found: { status: 404, message: 'Branch not found.' },
  branch_exists: { status: 409, message: 'A branch with that name already exists for this project.' },
  branch_git_connection_missing: { status: 400, message: 'Connect the project to a Git repository before creating branches.' },
  branch_schema_locked: { status: 403, message: 'Dashboard schema changes are disabled on preview branches: change the schema with a migration in the Git branch.' },
  branch_not_ready: { status: 409, message: 'The branch is not in a state that allows this.' },
  upgrade_not_eligible: { status: 400, message: 'The project cannot be upgraded to that PostgreSQL version.' },
  project_transfer_invalid: { status: 400, message: 'The project cannot be moved to that organization.' },
  plan_feature_unavailable: { status: 402, message: 'This needs a paid plan.' },
  // Spend cap (control/metering/spend-cap.ts): a capped organisation past a metered metric's free units this cycle.
  usage_cap_reached: {
    status: 402,
    message: "The organization has used what its plan includes this billing cycle and its spend cap is on. Turn on usage billing or upgrade the plan.",
  },
  payment_method_required: { status: 402, message: 'A paid plan needs a payment method: give the billing details for the manual (invoice) provider.' },
  // Billing (control/subscription.ts). The first is the spec's text; the second's details list each blocker.
  subscription_changes_disabled: { status: 403, message: 'Subscription changes are currently disabled. Our engineers are working on a fix.' },
  plan_downgrade_blocked: { status: 409, message: 'The organization uses what the new plan does not include. Change these first.' },
  project_not_empty: { status: 409, message: 'This project already has tables or users: import into a new project.' },
  import_failed: { status: 400, message: 'The import stopped and nothing was imported.' },
  // Dashboard single sign-on (control/dashboard-sso).
  sso_not_configured: { status: 404, message: 'Single sign-on is not set up for this email domain. Sign in with your password, or ask your organization admin.' },
  sso_required: { status: 403, message: 'Your organization requires single sign-on. Use "Continue with SSO" to sign in.' },
  sso_domain_unavailable: { status: 409, message: 'This email domain cannot be routed to this organization.' },
  sso_provider_unreachable: { status: 400, message: 'The identity provider could not be reached at this issuer URL.' },
  sso_login_failed: { status: 400, message: 'Single sign-on did not complete. Try again.' },
  // data plane (the APIs a project's own apps call)
  project_paused: { status: 503, message: 'The project is paused. Restore it from the dashboard to use its API.' },
  project_unavailable: { status: 503, message: 'The project is not available right now. Try again in a moment.' },
  // Read-only mode (disk over quota): the database refuses writes (25006) until space is freed or the plan changes.
  project_read_only: {
    status: 403,
    message: 'The project is in read-only mode because its database exceeds the disk quota of its plan. Free up space or upgrade the plan to write again.',
  },
  confirmation_mismatch: { status: 400, message: 'Value entered does not match.' },
  // organisation webhooks, legal documents, account deletion (control/org-webhooks, legal-documents.ts, account-deletion.ts)
  webhook_endpoint_not_found: { status: 404, message: 'Webhook endpoint not found.' },
  legal_document_not_found: { status: 404, message: 'Document not found.' },
  account_sole_owner: { status: 409, message: 'You are the only owner of organizations that have other members or projects. Transfer ownership or delete them before deleting your account.' },
  // realtime (/p/{ref}/realtime/v1): the websocket's refusals before it opens, and REST broadcasts
  realtime_invalid_api_key: { status: 401, message: 'Invalid API key: the apikey parameter must be a valid anon, service_role, publishable or secret key of this project.' },
  realtime_unsupported_version: { status: 400, message: 'Unsupported protocol version: vsn must be 1.0.0 or 2.0.0.' },
  realtime_invalid_broadcast: { status: 422, message: 'The broadcast is invalid: send {messages: [{topic, event, payload, private}]}.' },
  realtime_message_too_large: { status: 413, message: "The message is larger than this project's plan allows for one Realtime message." },
  realtime_quota_exceeded: { status: 429, message: "This project used its plan's Realtime messages for this month." },
  // edge functions (Management API deploys; the invocation route answers in the relay's own shape)
  function_not_found: { status: 404, message: 'Function not found' },
  function_invalid: { status: 400, message: 'The function deployment is invalid.' },
  function_too_large: { status: 413, message: "The function's files are larger than this project's plan allows for one function." },
  function_exists: { status: 400, message: 'A function with this slug already exists.' },
  function_limit_reached: { status: 402, message: "This project has as many functions as its plan allows. Delete one or upgrade the plan." },
  // storage, as the platform API answers the studio (the data plane answers in storage-api's shape)
  storage_not_found: { status: 404, message: 'Bucket not found' },
  storage_conflict: { status: 409, message: 'The resource already exists' },
  storage_invalid_request: { status: 400, message: 'The storage request is invalid.' },
  storage_access_denied: { status: 403, message: 'new row violates row-level security policy' },
  // database management (pg-meta): Postgres' own message is passed through for the studio's toasts
  database_error: { status: 400, message: 'The database reported an error.' },
  invalid_identifier: { status: 400, message: 'The name is not a valid Postgres identifier.' },
  invalid_sql_fragment: { status: 400, message: 'The SQL expression is not valid here.' },
  protected_schema: { status: 403, message: 'This schema is managed by the platform and is read-only.' },
  protected_role: { status: 403, message: 'This role is managed by the platform and cannot be changed.' },
  database_object_not_found: { status: 404, message: 'The database object was not found.' },
  extension_unavailable: { status: 400, message: 'The project database cannot load this extension.' },
  engine_feature_unavailable: { status: 400, message: 'This is not available on the embedded engine.' },
  sql_statement_not_allowed: { status: 403, message: 'Read-only members cannot end or change the read-only transaction.' },
  // platform state
  not_implemented: { status: 501, message: 'This is not available yet.' },
  engine_unavailable: { status: 503, message: 'The database engine is not available.' },
  data_directory_locked: { status: 500, message: 'The data directory is in use by another Plinth process.' },
  internal: { status: 500, message: 'Something went wrong on our side. Try again.' },
  // background jobs (the job queue; operators see and retry them)
  job_failed: { status: 500, message: 'The background work did not complete; it is retried.' },
  job_not_found: { status: 404, message: 'Job not found.' },
  job_not_retryable: { status: 409, message: 'Only a failed job can be retried.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export class PlinthError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'PlinthError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = details;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** What a caught value says, for logs and status messages: an Error's message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
