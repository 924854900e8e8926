/** /admin/blog: the spec's placeholder; blog posts are not part of the product yet. */
import { Plus } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { PageHeader } from '../components/PageHeader';
import { useDocumentTitle } from '../useDocumentTitle';

export function BlogScreen() {
  useDocumentTitle('Blog Posts');
  return (
    <>
      <PageHeader
        title="Blog Posts"
        description="Write and publish blog posts."
        actions={
          // Inert by the spec: disabled, and the reason is read with it.
          <Button disabled aria-describedby="blog-coming-soon">
            <Plus aria-hidden="true" />
            Add Blog Post
          </Button>
        }
      />
      <Card>
        <CardContent className="py-12 text-center sm:py-16">
          <p id="blog-coming-soon" className="text-muted-foreground">
            Blog management interface coming soon...
          </p>
        </CardContent>
      </Card>
    </>
  );
}
