import { ArrowLeft } from '../../components/icons';
import { ButtonLink } from '../../components/ui/button';
import { useLocalized } from '../language';

/** Spec §2: an unknown path shows this page (main.tsx logs the attempt to the console). */
export function NotFoundPage() {
  const local = useLocalized();
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-12rem)] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
      <p
        aria-hidden="true"
        className="bg-linear-to-b from-primary to-primary/40 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">Oops! Page not found</h1>
      <ButtonLink href={local('/')} size="lg" className="mt-10">
        <ArrowLeft aria-hidden="true" />
        Return to Home
      </ButtonLink>
    </section>
  );
}
