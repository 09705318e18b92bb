import { useParams } from 'react-router';
import { UsersView } from '../../../features/auth-users/users-view.tsx';

/** /project/{ref}/auth/users */
export default function AuthUsersPage() {
  const { ref = '' } = useParams();
  return <UsersView projectRef={ref} />;
}
