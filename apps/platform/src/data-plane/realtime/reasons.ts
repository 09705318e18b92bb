/**
 * Why a join, push or channel was refused, in Supabase Realtime's words: `Code: message`, sent as
 * `{reason}` in an error reply (realtime-js reports it to subscribe() as CHANNEL_ERROR) or as the
 * message of a `system` event before the server closes a channel.
 */
export const REASONS = {
  unmatchedTopic: 'unmatched topic',
  invalidTopic: 'InvalidTopic: Topics are `realtime:` followed by a name of at most 255 bytes',
  unknownEvent: (event: string) => `UnknownEvent: Realtime does not handle the event "${event}"`,
  malformedPayload: (what: string) => `MalformedMessage: ${what}`,
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  tooManyConnections: 'ConnectionRateLimitReached: Too many connected users',
  privateOnly: 'PrivateOnly: This project only allows private channels',
  invalidToken: (message: string) => `InvalidJWTToken: ${message}`,
  tokenExpired: (secondsAgo: number) => `Token has expired ${secondsAgo} seconds ago`,
  unauthorizedRead: (topic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  unauthorizedWrite: (topic: string) => `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}`,
  policyError: (message: string) => `UnableToSetPolicies: ${message}`,
  payloadTooLarge: (limit: number) => `PayloadTooLarge: The message is larger than this project's limit of ${limit} bytes`,
  messagesQuota: "MessagePerMonthQuotaReached: This project used its plan's Realtime messages for this month",
  databaseUnavailable: "UnableToConnectToProject: Realtime could not reach the project's database",
  postgresChanges: (message: string) => `Unable to subscribe to changes with given parameters: ${message}`,
} as const;
