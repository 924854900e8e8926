import { ArrowLeft } from '../../components/icons';
import { ButtonLink } from '../../components/ui/button';
import { useLocalized } from '../language';
import { useT } from '../../i18n/context';

/** Spec §2: an unknown path shows this page (main.tsx logs the attempt to the console). */
export function NotFoundPage() {
  const local = useLocalized();
  const t = useT();
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-12rem)] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center">
      <p
        aria-hidden="true"
        className="bg-linear-to-b from-primary to-primary/40 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{t('not_found.heading')}</h1>
      <ButtonLink href={local('/')} size="lg" className="mt-10">
        <ArrowLeft aria-hidden="true" />
        {t('not_found.home')}
      </ButtonLink>
    </section>
  );
}
