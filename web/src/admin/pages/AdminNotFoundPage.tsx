import { ArrowLeft } from '../../components/icons';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { useDocumentTitle } from '../useDocumentTitle';

export function AdminNotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex flex-col items-center py-24 text-center">
      <p aria-hidden="true" className="text-6xl font-extrabold tracking-tighter text-primary">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-2 text-muted-foreground">There is no admin page at this address.</p>
      <Link to="/admin" className={buttonClassName('primary', 'md', 'mt-8')}>
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
    </section>
  );
}
