/**
 * The operator's legal documents (terms, DPA, privacy policy ...) shown on /org/{slug}/documents:
 * the files of one directory (PLINTH_LEGAL_DIR, default `{dataDir}/legal`), read on every request
 * so the operator changes them without a restart and every node serves the same files (a shared
 * directory, or the same files deployed with each node).
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LegalDocument } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { authorize, membershipBySlug } from './access.ts';
import type { Actor, ControlContext } from './context.ts';

/** The kinds of file offered; anything else in the directory (notes, drafts) is not. */
const MEDIA_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Names for the usual documents; another file is titled after its name. */
const KNOWN_TITLES: Record<string, string> = {
  terms: 'Terms of Service',
  tos: 'Terms of Service',
  dpa: 'Data Processing Addendum',
  privacy: 'Privacy Policy',
  sla: 'Service Level Agreement',
  aup: 'Acceptable Use Policy',
  subprocessors: 'Subprocessors',
};

function titleOf(fileName: string): string {
  const base = path.parse(fileName).name;
  const known = KNOWN_TITLES[base.toLowerCase()];
  if (known) return known;
  const words = base.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every offered file, by name; none when the directory does not exist (no documents configured). */
async function documentsIn(dir: string): Promise<(LegalDocument & { filePath: string })[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const documents = [];
  for (const name of names.sort()) {
    const mediaType = MEDIA_TYPES[path.extname(name).toLowerCase()];
    if (!mediaType || name.startsWith('.')) continue;
    const filePath = path.join(dir, name);
    const info = await stat(filePath).catch(() => null);
    if (!info?.isFile()) continue;
    documents.push({ name, title: titleOf(name), media_type: mediaType, size_bytes: info.size, updated_at: info.mtime.toISOString(), filePath });
  }
  return documents;
}

export async function listLegalDocuments(ctx: ControlContext, actor: Actor, slug: string): Promise<LegalDocument[]> {
  const { role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  return (await documentsIn(ctx.config.legalDir)).map(({ filePath: _, ...document }) => document);
}

/** One document to download. The name is matched against the listing, never joined into a path as given. */
export async function openLegalDocument(ctx: ControlContext, actor: Actor, slug: string, name: string) {
  const { role } = await membershipBySlug(ctx.db, actor.userId, slug);
  authorize(role, Action.READ, Resource.ORGANIZATION);
  const document = (await documentsIn(ctx.config.legalDir)).find((candidate) => candidate.name === name);
  if (!document) throw new PlinthError('legal_document_not_found');
  return { stream: createReadStream(document.filePath), mediaType: document.media_type, size: document.size_bytes, fileName: document.name };
}
