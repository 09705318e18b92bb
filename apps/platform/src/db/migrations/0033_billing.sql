-- Billing (control/subscription.ts): how an organisation pays (control/payment-providers.ts names the
-- provider; its details are what that provider records, e.g. the manual provider's billing email,
-- address and purchase order), and when its billing cycle starts (null: when it was created; a move
-- from Free to a paid plan starts a new cycle).
alter table organizations add column payment_provider text not null default 'manual';
alter table organizations add column payment_details jsonb;
alter table organizations add column billing_cycle_anchor timestamptz;
