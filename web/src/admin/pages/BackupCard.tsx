/**
 * The account page's backup card: the whole site (content, settings, the owner account and
 * the uploaded files; never the sessions) as the archive `vita backup` writes, which
 * `vita restore` brings back on SQLite or PostgreSQL. A plain link: the browser streams the
 * download itself, with the session cookie, however large the uploads are.
 */
import { Download } from '../../components/icons';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';

/** The owner-only endpoint that streams the archive. */
export const BACKUP_HREF = '/api/backup';

export function BackupCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backup</CardTitle>
        <CardDescription>
          Download the whole site as one file: every page text, item and setting, your account and the uploaded files. Restore it with{' '}
          <code>vita restore</code>, on this server or another. Keep it private: it holds your password's hash.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <ButtonLink href={BACKUP_HREF} download variant="outline">
          <Download aria-hidden="true" />
          Download backup
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}
