/** A mistake in the request that GraphQL validation cannot see (bad cursor, atMost exceeded): its message goes to the client. */
export class GraphqlRequestError extends Error {}
