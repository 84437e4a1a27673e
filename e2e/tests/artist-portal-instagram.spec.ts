// Instagram on the artist page, as an artist links it: the demo artist presses
// 'Instagram koppelen' in the listing editor, consents on the stack's Instagram sandbox page
// (which stands in for Instagram's authorization window), comes back through
// /auth/instagram/callback to the editor with '@handle gekoppeld', and guests see the handle on
// the public page; unlinking takes it off. Refusing consent, or an answer to a link this tab
// did not start, links nothing and says so in Dutch. axe on the editor with the section linked.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createArtist, service } from '../fixtures/backoffice.ts';
import { closePages, pageAs } from '../fixtures/pages.ts';
import { demoAccounts } from '../fixtures/stack.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';

test.afterEach(closePages);

const demoArtist = { id: '', ...demoAccounts.artist };

async function demoAct(): Promise<{ id: string; slug: string }> {
  const { data: profile } = await service().from('profiles').select('id').eq('email', demoAccounts.artist.email).single<{ id: string }>();
  const { data: act } = await service().from('artists').select('id, slug').eq('profile_id', profile!.id).is('deleted_at', null).single<{ id: string; slug: string }>();
  return act!;
}

/** The demo act without a linked Instagram, whatever an earlier run left behind. */
async function unlinkDirectly(actId: string) {
  await service().from('artist_instagram_accounts').delete().eq('artist_id', actId);
  await service().from('artists').update({ instagram_handle: null }).eq('id', actId);
}

async function openInstagramSection(page: Page) {
  await page.goto('/dashboard/artist/profiel');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiel bewerken' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Instagram' });
  await expect(section.getByRole('button', { name: 'Instagram koppelen' })).toBeVisible();
  return section;
}

// Site-wide: while linked, the handle is on De Dijkbrekers' public page, which the artist-page,
// prerender and discovery journeys open.
test('the demo artist links Instagram through the consent page, guests see it on the public page, and it unlinks', { tag: '@site-wide' }, async ({ browser, baseURL }) => {
  test.slow();
  const act = await demoAct();
  await unlinkDirectly(act.id);
  const handle = `podium_demo_${randomBytes(3).toString('hex')}`;
  try {
    const page = await pageAs(browser, baseURL!, demoArtist);
    const section = await openInstagramSection(page);
    await section.getByRole('button', { name: 'Instagram koppelen' }).click();

    // The sandbox's consent page, at the address the authorize link names.
    await expect(page).toHaveURL(/\/instagram\/www\.instagram\.com\/oauth\/authorize\?/);
    await expect(page.getByRole('heading', { name: 'Podium wil je Instagram-account koppelen' })).toBeVisible();
    await page.getByLabel('Gebruikersnaam').fill(handle);
    await page.getByRole('button', { name: 'Toestaan' }).click();

    await expect(page).toHaveURL(/\/dashboard\/artist\/profiel$/);
    const linked = page.getByRole('region', { name: 'Instagram' });
    await expect(linked.getByText(`Instagram gekoppeld: @${handle} staat nu op je pagina.`)).toBeVisible();
    await expect(linked).toContainText(`@${handle} gekoppeld`);
    await expect(linked.getByRole('link', { name: `@${handle}` })).toHaveAttribute('href', `https://www.instagram.com/${handle}/`);
    await expectNoSeriousViolations(page, { include: '[data-testid="instagram-link"]' });

    // A reload does not spend the code again: still linked, no error.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Instagram' })).toContainText(`@${handle} gekoppeld`);
    await expect(page.getByRole('region', { name: 'Instagram' }).getByRole('alert')).toHaveCount(0);

    const guest = await pageAs(browser, baseURL!, null);
    await guest.goto(`/artists/${act.slug}`);
    const instagramLink = guest.getByRole('link', { name: new RegExp(`op Instagram: @${handle}`) });
    await expect(instagramLink).toBeVisible();
    await expect(instagramLink).toHaveAttribute('href', `https://www.instagram.com/${handle}/`);

    await page.getByRole('region', { name: 'Instagram' }).getByRole('button', { name: 'Ontkoppelen' }).click();
    await expect(page.getByText('Instagram ontkoppeld. Je pagina toont je Instagram niet meer.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Instagram' }).getByRole('button', { name: 'Instagram koppelen' })).toBeVisible();
    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.getByRole('link', { name: /op Instagram/ })).toHaveCount(0);
  } finally {
    await unlinkDirectly(act.id);
  }
});

test('refusing consent links nothing, and an answer this tab did not ask for is ignored', async ({ browser, baseURL }) => {
  const artist = await createArtist({ approved: true, name: `Weigerband ${Date.now().toString(36)}` });
  const page = await pageAs(browser, baseURL!, artist.owner);
  const section = await openInstagramSection(page);
  await section.getByRole('button', { name: 'Instagram koppelen' }).click();
  await page.getByRole('button', { name: 'Weigeren' }).click();

  await expect(page).toHaveURL(/\/dashboard\/artist\/profiel$/);
  await expect(page.getByRole('region', { name: 'Instagram' }).getByRole('alert')).toHaveText('Je hebt Instagram geen toestemming gegeven, dus er is niets gekoppeld.');
  await expect(page.getByRole('region', { name: 'Instagram' }).getByRole('button', { name: 'Instagram koppelen' })).toBeVisible();

  // A callback link someone else made (their code, any state): not exchanged.
  await page.goto('/auth/instagram/callback?code=AQforeign1234567890&state=0123456789abcdef#_');
  await expect(page).toHaveURL(/\/dashboard\/artist\/profiel$/);
  await expect(page.getByRole('region', { name: 'Instagram' }).getByRole('alert')).toContainText('niet door jou gestart');
  const { data } = await service().from('artists').select('instagram_handle').eq('id', artist.id).single<{ instagram_handle: string | null }>();
  expect(data?.instagram_handle).toBeNull();
});
