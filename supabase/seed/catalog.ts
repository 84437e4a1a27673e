// The hand-written part of the seed: who the artists are. Names are invented (any likeness to
// a real act is chance); the generator adds city, bio, prices, packages and the rest.

/** What an artist is, as the product's categories and landing pages group them. */
export type ArtistKind = 'band' | 'coverband' | 'dj' | 'duo' | 'act' | 'solo';

/**
 * Category slugs as `artists.categories` holds them: one per kind, plus the hero categories of
 * SPEC 9 (bekende, bands, acts, international, huwelijk, bedrijfsfeest).
 */
export const kindCategory: Record<ArtistKind, string> = {
  band: 'bands',
  coverband: 'coverbands',
  dj: 'djs',
  duo: 'duos',
  act: 'acts',
  solo: 'live-muziek',
};

export const occasionCategories = ['huwelijk', 'bedrijfsfeest'] as const;
export const heroCategories = ['bekende', 'bands', 'acts', 'international', 'huwelijk', 'bedrijfsfeest'] as const;
export const allCategories: readonly string[] = [...new Set([...Object.values(kindCategory), ...heroCategories, ...occasionCategories])];

export interface CatalogArtist {
  name: string;
  kind: ArtistKind;
  genre: string;
  /** Performers on stage. */
  members: number;
  /** Well-known names: the 'bekende' hero category and a high priority. */
  famous?: boolean;
  /** International repertoire or origin: the 'international' hero category. */
  international?: boolean;
  /** Flemish acts live in a Belgian city. */
  flemish?: boolean;
}

const a = (name: string, kind: ArtistKind, genre: string, members: number, flags: Partial<CatalogArtist> = {}): CatalogArtist => ({
  name,
  kind,
  genre,
  members,
  ...flags,
});

export const catalog: readonly CatalogArtist[] = [
  a('De Dijkbrekers', 'band', 'Nederpop', 5, { famous: true }),
  a('Polderkoorts', 'band', 'Rock', 4),
  a('Kamerbreed', 'band', 'Pop', 6),
  a('Stadsgeruis', 'band', 'Indiepop', 4),
  a('Noorderlicht', 'band', 'Folkpop', 5),
  a('De Zondagskinderen', 'band', 'Nederlandstalige pop', 5),
  a('Vuurtoren', 'band', 'Rock', 4, { flemish: true }),
  a('Hoogtij', 'band', 'Soul & funk', 8, { famous: true }),
  a('Velvet Avenue', 'band', 'Soul', 6),
  a('The Tulip Tones', 'band', 'Motown', 7, { international: true }),
  a('Bries', 'band', 'Akoestische pop', 3),
  a('Grachtengordel', 'band', 'Nederpop', 5),
  a('Zeebonk', 'band', 'Zeemansliederen', 6, { flemish: true }),
  a('Lichtjaren', 'band', "Synthpop & jaren '80", 4),
  a('Wolkenkrabbers', 'band', 'Funk', 7),
  a('Schemerlicht', 'band', 'Blues', 4, { flemish: true }),
  a('Coverfabriek', 'coverband', 'Top 40', 6, { famous: true }),
  a('Jukebox Heroes', 'coverband', 'Rockklassiekers', 5),
  a('Top 40 Express', 'coverband', 'Top 40', 5),
  a('Retro Rakkers', 'coverband', "Jaren '70 en '80", 6),
  a('De Hitmakers', 'coverband', 'Nederlandstalige hits & top 40', 5),
  a('Partyzone Live', 'coverband', 'Feestmuziek', 7, { flemish: true }),
  a('Memory Lane', 'coverband', 'Sixties & seventies', 5),
  a('Hitparade', 'coverband', 'Allround hits', 6),
  a('Disco Inferno', 'coverband', 'Disco', 8),
  a('Feestkabaal', 'coverband', 'Après-ski & schlager', 5),
  a('Kwartje Gevallen', 'coverband', "Jaren '90", 4, { flemish: true }),
  a('Boemerang', 'coverband', 'Allround hits', 5),
  a('Soulkitchen', 'coverband', 'Soul & funk', 7),
  a("Rock 'n Roll Rebels", 'coverband', "Rock 'n roll", 4, { flemish: true }),
  a('DJ Mees', 'dj', 'House', 1, { famous: true }),
  a('DJ Lotte Vos', 'dj', 'Top 40', 1),
  a('Sunset Selecta', 'dj', 'Deep house & lounge', 1),
  a('DJ Noor', 'dj', 'Urban & R&B', 1),
  a('Groovemeester', 'dj', 'Disco & funk', 1),
  a('DJ Kiki van Dam', 'dj', "Jaren '80 en '90", 1),
  a('Vinylvrienden', 'dj', 'Soul & funk op vinyl', 2),
  a('DJ Wout', 'dj', 'Vlaamse feestmuziek', 1, { flemish: true }),
  a('Draaitafel Discoshow', 'dj', 'Allround feestmuziek', 2),
  a('DJ Jasper Kraak', 'dj', 'Dance classics', 1),
  a('DJ Sanne Bakker', 'dj', 'Bruiloftsklassiekers', 1),
  a("Tropical Nights DJ's", 'dj', 'Latin & afrobeats', 2, { international: true }),
  a('DJ Bas & MC Rico', 'dj', 'Dance met live MC', 2),
  a('DJ Flor', 'dj', 'Retro dance', 1, { flemish: true }),
  a('Duo Zoet & Zout', 'duo', 'Akoestische pop', 2),
  a('Twee Stemmen', 'duo', 'Pop & ballads', 2),
  a('Duo Kersvers', 'duo', 'Nederlandstalige liedjes', 2),
  a('Linde & Pim', 'duo', 'Akoestische covers', 2, { famous: true }),
  a('Duo Dakterras', 'duo', 'Jazz & lounge', 2),
  a('Sax & Beats', 'duo', 'House met live saxofoon', 2),
  a('Strijkduo Arco', 'duo', 'Klassieke muziek', 2),
  a('Duo Vonk', 'duo', 'Gitaarpop', 2, { flemish: true }),
  a('Klavier4', 'duo', 'Pianopop & klassiek', 2),
  a('Duo Hartslag', 'duo', 'Singer-songwriter', 2),
  a('Duo Palermo', 'duo', 'Italiaanse evergreens', 2, { international: true }),
  a('Broers Verbeke', 'duo', 'Country & folk', 2, { flemish: true }),
  a('Goochelaar Max Mirakel', 'act', 'Goocheltrucs', 1),
  a('Vuurshow Inferno', 'act', 'Vuur- en lichtshows', 3),
  a('Dweilorkest De Blaaskaken', 'act', 'Dweilmuziek', 10),
  a('Iris Wonder', 'act', 'Close-up magie', 1),
  a('Steeldrum Sam', 'act', 'Caribische steeldrums', 1, { international: true }),
  a('Stijn Verhoef', 'act', 'Cabaret & stand-up', 1, { flemish: true }),
  a('Sneltekenaar Roos', 'act', 'Karikaturen', 1),
  a('Zingende Obers Bravo', 'act', 'Opera en entertainment', 3),
  a('Drumbeat Percussie', 'act', 'Percussie', 4),
  a('Silent Disco De Koptelefoon', 'act', 'Silent disco', 2),
  a('Levend Standbeeld Brons', 'act', 'Walking acts', 1, { flemish: true }),
  a('Femke Hoornstra', 'solo', 'Soul & pop', 1, { famous: true }),
  a('Pianist Thomas de Wit', 'solo', 'Pianolounge', 1),
  a('Strijkkwartet Amstel', 'solo', 'Klassieke muziek', 4),
  a('Jazztrio Blauwe Maandag', 'solo', 'Jazz', 3),
  a('Gospelkoor Joy of Singing', 'solo', 'Gospel', 14),
  a('Harpiste Elise Maes', 'solo', 'Klassieke muziek', 1, { flemish: true }),
  a('Saxofonist Jelle', 'solo', 'Lounge', 1),
  a('Lucas Peeters', 'solo', 'Singer-songwriter', 1, { flemish: true }),
  a('Bigband Swingtime', 'solo', 'Swing', 16),
  a('Ruben Koster', 'solo', 'Levensliederen', 1, { famous: true }),
  a('The Rusty Fiddles', 'solo', 'Ierse folk', 4, { international: true }),
  a('Los Caballeros', 'solo', 'Latin', 5, { international: true }),
  a('Bella Voce', 'solo', 'Italiaanse opera & pop', 1, { international: true }),
  a('The Brass Connection', 'solo', 'Brass & funk', 6, { international: true }),
];
