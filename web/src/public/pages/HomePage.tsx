import type { HomeData } from '../../api/types';
import { Hero } from '../components/Hero';

/** Spec §2 "Home". The sections below the hero (research areas, featured
 *  projects, latest news, featured publications) render inside
 *  #home-sections, the scroll-down indicator's target. */
export function HomePage({ data }: { data: HomeData }) {
  return (
    <>
      <Hero hero={data.hero} nextSectionId="home-sections" />
      <div id="home-sections" />
    </>
  );
}
