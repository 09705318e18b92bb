import { describe, expect, it } from 'vitest';
import { availableElsewhere, catalogueEntry, EXTENSION_CATALOGUE, PRODUCT_SECTIONS } from '../src/features/database/extensions/extension-catalogue.ts';

describe('extension catalogue', () => {
  it("says where an extension this project's engine lacks is available instead", () => {
    const vector = catalogueEntry('vector', null).availability;
    expect(availableElsewhere(vector, 'local')).toBe('Available on the embedded engine and Postgres servers whose operator installs and creates it.');
    // A Postgres server may lack what another one has.
    expect(availableElsewhere(vector, 'postgres')).toBe('Available on the embedded engine and Postgres servers whose operator installs and creates it.');
    expect(availableElsewhere(catalogueEntry('postgis', null).availability, 'embedded')).toBe('Available on Postgres servers whose operator installs and creates it.');
    expect(availableElsewhere(catalogueEntry('pageinspect', null).availability, 'local')).toBe('Available on the embedded engine.');
    expect(availableElsewhere(catalogueEntry('pg_trgm', null).availability, 'embedded')).toBe('Available on the local engine and the Postgres engine.');
    expect(availableElsewhere(catalogueEntry('pg_net', null).availability, 'local')).toBeNull();
    expect(availableElsewhere(catalogueEntry('not_in_the_catalogue', null).availability, 'local')).toBeNull();
  });

  it('prefers the comment the database gives, and tags every entry with product sections', () => {
    expect(catalogueEntry('pgcrypto', 'from the control file').comment).toBe('from the control file');
    expect(catalogueEntry('unknown_one', null)).toMatchObject({ tags: ['Database'], comment: '' });
    for (const entry of EXTENSION_CATALOGUE) {
      expect(entry.tags.length, entry.name).toBeGreaterThan(0);
      for (const tag of entry.tags) expect(PRODUCT_SECTIONS, entry.name).toContain(tag);
    }
    expect(new Set(EXTENSION_CATALOGUE.map((entry) => entry.name)).size).toBe(EXTENSION_CATALOGUE.length);
  });
});
