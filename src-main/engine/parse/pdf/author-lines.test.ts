import { describe, expect, it } from 'vitest';
import { isAuthorList } from './author-lines';

describe('isAuthorList', () => {
  it.each([
    'Yunus Özen a,b,n, Nihan Akın a,b, Barış Kınacı c, Süleyman Özçelik a,b',
    'Sir J.K. Krishnana,c,∗,1 (Researcher), Han Thaneb,d, William J. Hansen Jrb,c,2 (Co-ordinator) and T. Rafeeqa,c,∗∗,1,3',
    'BEN TROVATO∗ and G.K.M. TOBIN∗',
    'Alice Martin1, Bob Durand2 and Carla Rossi1,3',
    'A. Smith and B. van der Berg',
  ])('reads the names of a paper’s authors: %s', (text) => {
    expect(isAuthorList(text)).toBe(true);
  });

  it.each([
    'Model Selection, Data Collection',
    'Results and Discussion',
    'Materials and Methods',
    'A. Region and Script Mappings',
    'John Smith*, Jane Doe',
    'Version 2, Release 3',
    '1.2 Tools, Techniques',
    'John Smith, Jane Doe',
    'Hefei University of Technology Hefei, Anhui, P.R.China July, 2022',
  ])('reads no list of names where no mark or initial shows one: %s', (text) => {
    expect(isAuthorList(text)).toBe(false);
  });
});
