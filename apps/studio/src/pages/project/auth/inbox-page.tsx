import { useParams } from 'react-router';
import { InboxView } from '../../../features/mail-inbox/inbox-view.tsx';

/** /project/{ref}/auth/inbox */
export default function AuthInboxPage() {
  const { ref = '' } = useParams();
  return <InboxView projectRef={ref} />;
}
