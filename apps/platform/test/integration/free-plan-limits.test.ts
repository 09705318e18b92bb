/**
 * The Free plan's per-project limits, enforced by the services a client calls: an 11th edge
 * function, a script over 2 MB, an upload over 50 MB and stored bytes over the 1 GB storage quota.
 * Moving to Pro lifts the function limit; moving back to Free waits until the project is within it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectClient, runSql, startFunctionsHarness, type FunctionsHarness } from '../functions/harness.ts';
import { MANUAL_PAYMENT } from '../support/organizations.ts';

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const HELLO = `Deno.serve(() => new Response('hello'));\n`;

describe('Free plan limits', () => {
  let h: FunctionsHarness;
  let slug: string;
  const v1 = () => `/api/v1/projects/${h.ref}`;
  const changePlan = (plan: string) => h.api.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan });

  beforeAll(async () => {
    h = await startFunctionsHarness();
    slug = (await h.api.get('/api/organizations')).body[0].slug;
  }, 120_000);
  afterAll(async () => h?.stop(), 60_000);

  it('refuses an 11th function on Free, takes it on Pro, and a move back to Free waits until one is deleted', async () => {
    for (let i = 1; i <= 10; i++) {
      const created = await h.api.post(`${v1()}/functions`, { slug: `fn-${i}`, body: HELLO });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const eleventh = await h.api.post(`${v1()}/functions`, { slug: 'fn-11', body: HELLO });
    expect(eleventh.status).toBe(402);
    expect(eleventh.body).toMatchObject({ code: 'function_limit_reached', message: "This project's plan allows 10 functions. Delete one or upgrade the plan." });
    // A new version of one of the ten is not a new function.
    expect((await h.api.patch(`${v1()}/functions/fn-1`, { body: HELLO.replace('hello', 'hi') })).status).toBe(200);
    expect((await h.api.get(`${v1()}/functions`)).body).toHaveLength(10);

    expect((await h.api.put(`/api/platform/organizations/${slug}/billing/payment-method`, MANUAL_PAYMENT)).status).toBe(200);
    expect((await changePlan('pro')).status).toBe(200);
    expect((await h.api.post(`${v1()}/functions`, { slug: 'fn-11', body: HELLO })).status).toBe(201);

    const blocked = await changePlan('free');
    expect(blocked.status).toBe(409);
    expect(blocked.body.details.blockers).toEqual([
      { kind: 'function_count', message: 'The Free plan allows 10 edge functions per project; Functions has 11. Delete functions first.' },
    ]);
    expect((await h.api.delete(`${v1()}/functions/fn-11`)).status).toBe(200);
    expect((await changePlan('free')).status).toBe(200);
    expect((await h.api.post(`${v1()}/functions`, { slug: 'fn-11', body: HELLO })).status).toBe(402);
  }, 180_000);

  it("refuses a function whose files are over Free's 2 MB", async () => {
    await h.api.delete(`${v1()}/functions/fn-10`);
    const padding = `// ${'x'.repeat(2 * MB)}\n`;
    const deployed = await h.deploy('too-big', { 'index.ts': HELLO + padding });
    expect(deployed.status).toBe(413);
    expect(deployed.body).toMatchObject({ code: 'function_too_large', message: "The function's files are larger than 2 MB, this project's plan's limit for one function." });
    expect((await h.api.get(`${v1()}/functions/too-big`)).status).toBe(404);
  }, 60_000);

  it('holds the limit when new functions are deployed at once', async () => {
    expect((await h.api.get(`${v1()}/functions`)).body).toHaveLength(9);
    const statuses = await Promise.all(['at-once-1', 'at-once-2', 'at-once-3'].map(async (slug) => (await h.api.post(`${v1()}/functions`, { slug, body: HELLO })).status));
    expect(statuses.sort()).toEqual([201, 402, 402]);
    expect((await h.api.get(`${v1()}/functions`)).body).toHaveLength(10);
  }, 60_000);

  it("refuses an upload over Free's 50 MB, and any upload once the 1 GB storage quota is used", async () => {
    const admin = projectClient(h, h.serviceKey);
    expect((await admin.storage.createBucket('files', { public: false })).error).toBeNull();
    const files = admin.storage.from('files');
    const tooLarge = await files.upload('big.bin', new Blob([new Uint8Array(50 * MB + 1)]), { contentType: 'application/octet-stream' });
    expect(tooLarge.error?.message).toBe('The object exceeded the maximum allowed size');
    expect((await files.upload('small.bin', new Blob([new Uint8Array(1024)]))).error).toBeNull();

    // Stored bytes as the quota reads them (storage.objects' sizes): one object of almost 1 GB.
    await runSql(h, `insert into storage.objects (bucket_id, name, metadata) values ('files', 'huge.bin', '{"size": ${GB - 1024}}'::jsonb)`);
    const QUOTA_USED = "The project's storage quota is used up: delete files or upgrade the plan";
    // A multipart form declares no size: it is measured as it is stored.
    const overQuota = await files.upload('one-more.bin', new Blob([new Uint8Array(2048)]));
    expect(overQuota.error?.message).toBe(QUOTA_USED);
    // A body with a Content-Length is refused before it moves.
    const declared = await fetch(`${h.url}/storage/v1/object/files/declared.bin`, {
      method: 'POST', headers: { apikey: h.serviceKey, authorization: `Bearer ${h.serviceKey}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(2048),
    });
    expect(await declared.json()).toMatchObject({ statusCode: '413', message: QUOTA_USED });
    expect((await files.list()).data?.map((o) => o.name).sort()).toEqual(['huge.bin', 'small.bin']);
  }, 120_000);
});
