-- The secret a Git host signs its push webhooks with (control/git/webhooks.ts: POST
-- /api/git-webhooks/{id}), sealed with the platform's at-rest key like the repository's token. Made
-- when a repository is added; a repository added before gets one the first time an owner or
-- administrator reads it (sealing needs the platform's key, which SQL does not have). Until then its
-- webhook is refused.
alter table git_repositories add column webhook_secret_enc text;
