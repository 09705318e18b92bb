import { FileText } from 'lucide-react';
import { toast } from 'sonner';
import type { LegalDocument } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { downloadLegalDocument, useLegalDocumentsQuery } from '../../data/org-integrations/legal-documents-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatSize, formatDateTime } from '../../lib/format.ts';
import { saveBlob } from '../../lib/save-blob.ts';

async function download(slug: string, document: LegalDocument) {
  try {
    saveBlob(await downloadLegalDocument(slug, document.name), document.name);
  } catch (error) {
    toast.error(`Failed to download ${document.title}: ${errorMessage(error)}`);
  }
}

/** The operator's documents, each downloadable; an empty state says how an operator adds them. */
export function LegalDocumentsView({ slug }: { slug: string }) {
  const documents = useLegalDocumentsQuery(slug);
  if (documents.isPending) return <SkeletonRows rows={3} />;
  if (documents.isError) return <ErrorState error={documents.error} title="Failed to retrieve legal documents" onRetry={() => void documents.refetch()} />;
  if (documents.data.length === 0) {
    return (
      <EmptyState
        icon={<FileText />}
        title="No legal documents"
        description="The operator of this Plinth installation has not published terms, a DPA or a privacy policy. Operators place them (terms.md, dpa.pdf, privacy.md ...) in the directory PLINTH_LEGAL_DIR names."
        testId="legal-documents-empty"
      />
    );
  }
  return (
    <Table label="Legal documents">
      <thead>
        <tr>
          <Th>Document</Th>
          <Th>File</Th>
          <Th>Updated</Th>
          <Th>
            <span className="sr-only">Download</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {documents.data.map((document) => (
          <tr key={document.name} data-testid="legal-document">
            <Td className="font-medium text-fg">{document.title}</Td>
            <Td className="font-mono text-xs text-fg-muted">
              {document.name} · {formatSize(document.size_bytes)}
            </Td>
            <Td className="text-xs text-fg-muted">{formatDateTime(document.updated_at)}</Td>
            <Td className="text-right">
              <Button variant="outline" size="sm" onClick={() => void download(slug, document)}>
                Download
              </Button>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
