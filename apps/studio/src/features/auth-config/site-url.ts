import { siteUrlProblem } from './auth-config-rules.ts';
import type { ConfigFormSpec } from './use-config-form.ts';

interface SiteUrlDraft {
  siteUrl: string;
}

export const siteUrlSpec: ConfigFormSpec<SiteUrlDraft> = {
  draftOf: (config) => ({ siteUrl: config.site_url }),
  bodyOf: (draft) => ({ site_url: draft.siteUrl.trim() }),
  validate: (draft) => ({ siteUrl: siteUrlProblem(draft.siteUrl) }),
};
