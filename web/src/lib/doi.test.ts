import { describe, expect, it } from 'vitest';
import { doiUrl } from './doi';

describe('doiUrl', () => {
  it.each([
    ['10.1109/TC.2024.1234567', 'https://doi.org/10.1109/TC.2024.1234567'],
    [' 10.1145/3576915.3623123 ', 'https://doi.org/10.1145/3576915.3623123'],
    ['https://doi.org/10.1000/xyz', 'https://doi.org/10.1000/xyz'],
    ['http://dx.doi.org/10.1000/xyz', 'https://doi.org/10.1000/xyz'],
    ['doi:10.1000/xyz', 'https://doi.org/10.1000/xyz'],
    ['DOI: 10.1000/xyz', 'https://doi.org/10.1000/xyz'],
  ])('%j → %j', (doi, url) => {
    expect(doiUrl(doi)).toBe(url);
  });
});
