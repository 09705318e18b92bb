/** Organisation webhooks: endpoints, the event emitter other areas call, and the delivery job. */
export { emitOrganizationEvent, queueDeliveries, type OrganizationEvent } from './emit.ts';
export { deliverOrgWebhook, signDelivery } from './deliver.ts';
export * from './endpoints.ts';
