import { describe, expect, it } from 'vitest';
import { attributeMappingSchema, ssoProviderCreateBody, ssoProviderUpdateBody } from '@plinth/api-contract';
import {
  addDomains, createBodyOf, domainsProblem, draftOf, draftProblems, formatAttributeMapping, listOfDomains,
  parseAttributeMapping, samlServiceProviderUrls, splitDomains, updateBodyOf, type SsoProviderDraft,
} from '../src/features/auth-config/sso-provider-rules.ts';

const XML = '<EntityDescriptor entityID="https://idp.example.com/metadata"/>';

function draft(changes: Partial<SsoProviderDraft> = {}): SsoProviderDraft {
  return { ...draftOf(), metadataXml: XML, domains: ['example.com'], ...changes };
}

describe('service provider details', () => {
  it('derives the entity id, ACS and metadata URLs from the auth callback URL', () => {
    expect(samlServiceProviderUrls('http://localhost:8000/p/abcdefghijklmnopqrst/auth/v1/callback')).toEqual({
      entityId: 'http://localhost:8000/p/abcdefghijklmnopqrst/auth/v1/sso/saml/metadata',
      acsUrl: 'http://localhost:8000/p/abcdefghijklmnopqrst/auth/v1/sso/saml/acs',
      metadataUrl: 'http://localhost:8000/p/abcdefghijklmnopqrst/auth/v1/sso/saml/metadata',
      downloadUrl: 'http://localhost:8000/p/abcdefghijklmnopqrst/auth/v1/sso/saml/metadata?download=true',
    });
  });
});

describe('domains', () => {
  it('splits on commas, spaces and new lines, lower-cased, each once', () => {
    expect(splitDomains(' Example.com, example.org\nacme.io  ,, ')).toEqual(['example.com', 'example.org', 'acme.io']);
    expect(addDomains(['example.com'], 'EXAMPLE.com,b.example.com')).toEqual(['example.com', 'b.example.com']);
    expect(addDomains([], '   ')).toEqual([]);
  });

  it("refuses what the server refuses, in the server's words", () => {
    expect(domainsProblem(['example.com', 'sub.example.co.uk', 'xn--bcher-kva.example'])).toBeNull();
    expect(domainsProblem([])).toBeNull();
    for (const bad of ['localhost', 'example', '-example.com', 'exa_mple.com', 'example.c0m', 'user@example.com', `${'a'.repeat(64)}.com`]) {
      expect(domainsProblem(['example.com', bad])).toBe(`Domain '${bad}' is not a valid domain name`);
    }
  });

  it('names the domains a deletion affects', () => {
    expect(listOfDomains(['a.com'])).toBe('a.com');
    expect(listOfDomains(['a.com', 'b.com'])).toBe('a.com and b.com');
    expect(listOfDomains(['a.com', 'b.com', 'c.com'])).toBe('a.com, b.com and c.com');
  });
});

describe('attribute mapping', () => {
  it('takes an empty box as no mapping and a valid object as the contract accepts it', () => {
    expect(parseAttributeMapping('  ')).toEqual({ mapping: undefined, problem: null });
    const text = '{"keys": {"email": {"name": "mail"}, "groups": {"names": ["memberOf", "groups"], "array": true}, "plan": {"default": "free"}}}';
    const { mapping, problem } = parseAttributeMapping(text);
    expect(problem).toBeNull();
    expect(attributeMappingSchema.parse(mapping)).toEqual(JSON.parse(text));
    expect(parseAttributeMapping('{}')).toEqual({ mapping: {}, problem: null });
  });

  it('explains what is wrong', () => {
    expect(parseAttributeMapping('{"keys": ').problem).toMatch(/^Not valid JSON: /);
    expect(parseAttributeMapping('[]').problem).toMatch(/^Must be a JSON object/);
    expect(parseAttributeMapping('"mail"').problem).toMatch(/^Must be a JSON object/);
    expect(parseAttributeMapping('{"email": {"name": "mail"}}').problem).toBe('Unknown property "email": the mapping has only "keys"');
    expect(parseAttributeMapping('{"keys": []}').problem).toBe('"keys" must be an object of user metadata keys');
    expect(parseAttributeMapping('{"keys": {"email": "mail"}}').problem).toBe('"keys.email": must be an object such as { "name": "mail" }');
    expect(parseAttributeMapping('{"keys": {"email": {"name": 1}}}').problem).toBe('"keys.email": "name" must be a string');
    expect(parseAttributeMapping('{"keys": {"g": {"names": "a"}}}').problem).toBe('"keys.g": "names" must be a list of strings');
    expect(parseAttributeMapping('{"keys": {"g": {"array": "yes"}}}').problem).toBe('"keys.g": "array" must be true or false');
    expect(parseAttributeMapping('{"keys": {"g": {"attribute": "x"}}}').problem).toMatch(/unknown property "attribute"/);
  });

  it('shows a stored mapping for editing, and nothing for an empty one', () => {
    expect(formatAttributeMapping({})).toBe('');
    expect(formatAttributeMapping({ keys: {} })).toBe('');
    expect(JSON.parse(formatAttributeMapping({ keys: { email: { name: 'mail' } } }))).toEqual({ keys: { email: { name: 'mail' } } });
  });
});

describe('the provider dialog', () => {
  it('needs the metadata of the chosen source', () => {
    expect(draftProblems(draft())).toEqual({});
    expect(draftProblems(draft({ metadataXml: ' ' })).metadataXml).toBe("Paste the identity provider's SAML metadata XML");
    expect(draftProblems(draft({ metadataXml: 'entity' })).metadataXml).toMatch(/is XML/);
    expect(draftProblems(draft({ source: 'url', metadataUrl: 'idp.example.com/metadata' })).metadataUrl).toMatch(/http\(s\) URL/);
    expect(draftProblems(draft({ source: 'url', metadataUrl: 'https://idp.example.com/metadata' }))).toEqual({});
    expect(draftProblems(draft({ domains: ['nope'], attributeMapping: '[' }))).toMatchObject({ domains: "Domain 'nope' is not a valid domain name", attributeMapping: expect.stringMatching(/^Not valid JSON/) });
  });

  it('sends a body the contract accepts, with only the chosen metadata', () => {
    const created = createBodyOf(draft({ source: 'url', metadataUrl: ' https://idp.example.com/metadata ', attributeMapping: '{"keys":{"email":{"name":"mail"}}}' }));
    expect(created).toEqual({ type: 'saml', metadata_url: 'https://idp.example.com/metadata', domains: ['example.com'], attribute_mapping: { keys: { email: { name: 'mail' } } } });
    expect(ssoProviderCreateBody.parse(created)).toEqual(created);
    expect(createBodyOf(draft())).toEqual({ type: 'saml', metadata_xml: XML, domains: ['example.com'] });
  });

  it('edits keep the stored metadata unless replaced, and an emptied mapping clears it', () => {
    const provider = { domains: [{ domain: 'example.com' }, { domain: 'example.org' }], saml: { attribute_mapping: { keys: { email: { name: 'mail' } } } } };
    const editing = draftOf(provider);
    expect(editing).toMatchObject({ source: 'keep', domains: ['example.com', 'example.org'] });
    expect(draftProblems(editing)).toEqual({});
    const kept = updateBodyOf(editing);
    expect(kept).toEqual({ domains: ['example.com', 'example.org'], attribute_mapping: { keys: { email: { name: 'mail' } } } });
    expect(ssoProviderUpdateBody.parse(kept)).toEqual(kept);
    expect(updateBodyOf({ ...editing, source: 'xml', metadataXml: XML, domains: [], attributeMapping: '' })).toEqual({ metadata_xml: XML, domains: [], attribute_mapping: {} });
  });
});
