import type { ReactNode } from 'react';
import type { ProjectSettings } from '@plinth/api-contract';
import { Panel } from '../../components/ui/panel.tsx';
import { SecretField } from '../../components/ui/secret-field.tsx';
import type { JwtSecretUpdateStatus } from '../../data/api-settings/jwt-secret-update-status-query.ts';
import { projectApiUrl } from '../project-home/project-api-panel.tsx';
import { keyMessage, NO_KEYS_PERMISSION } from './key-messages.ts';
import { JwtSecretRotation } from './jwt-secret-rotation.tsx';

interface ProjectConfigurationPanelProps {
  projectRef: string;
  settings: ProjectSettings;
  canReadKeys: boolean;
  canRotate: boolean;
  jwtStatus: JwtSecretUpdateStatus;
}

function Row({ label, description, children }: { label: string; description: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 py-4 first:pt-0 last:pb-0 md:grid-cols-[200px_1fr] md:gap-6">
      <div>
        <p className="text-sm font-medium text-fg">{label}</p>
        <p className="mt-0.5 text-xs text-fg-subtle">{description}</p>
      </div>
      <div className="min-w-0 space-y-3">{children}</div>
    </div>
  );
}

/** Spec "Project Configuration": the project URL and the JWT secret, each with copy; rotation lives here. */
export function ProjectConfigurationPanel({ projectRef, settings, canReadKeys, canRotate, jwtStatus }: ProjectConfigurationPanelProps) {
  const secret = settings.project.jwt_secret;
  return (
    <Panel title="Project Configuration" testId="project-configuration-panel">
      <div className="divide-y divide-line">
        <Row label="URL" description="A RESTful endpoint for querying and managing your database; createClient() takes it.">
          <SecretField label="Project URL" value={projectApiUrl(projectRef, settings)} testId="settings-project-url" />
        </Row>
        <Row label="JWT Secret" description="Signs the API keys and your users' sessions. You can also use it to mint your own JWTs.">
          <SecretField
            label="JWT secret"
            value={secret ?? ''}
            message={keyMessage(canReadKeys, jwtStatus) ?? (secret ? null : NO_KEYS_PERMISSION)}
            isRevealable
            testId="jwt-secret-field"
          />
          <JwtSecretRotation projectRef={projectRef} canUpdate={canRotate} isUpdating={jwtStatus === 'updating'} />
        </Row>
      </div>
    </Panel>
  );
}
