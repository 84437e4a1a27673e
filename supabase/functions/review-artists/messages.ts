// The Dutch e-mails an artist gets when an admin approves or rejects their profile, or the
// changes they made to an approved profile.
export interface Decision {
  artistName: string;
  artistSlug: string;
  firstName: string | null;
  approved: boolean;
  reason: string | null;
  /** 'changes': the review of an approved act's changes; otherwise its application. */
  kind?: 'application' | 'changes';
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function decisionMail(decision: Decision, siteUrl: string): { subject: string; text: string; html: string } {
  const greeting = `Hallo ${decision.firstName?.trim() || decision.artistName},`;
  if (decision.kind === 'changes') return changesMail(decision, greeting, siteUrl);
  if (decision.approved) {
    const profileUrl = `${siteUrl.replace(/\/$/, '')}/artists/${decision.artistSlug}`;
    const dashboardUrl = `${siteUrl.replace(/\/$/, '')}/dashboard/artist`;
    const lines = [
      greeting,
      '',
      `Goed nieuws: je artiestenprofiel "${decision.artistName}" is goedgekeurd en staat nu op Podium.`,
      `Bekijk je openbare profiel: ${profileUrl}`,
      `Beheer je profiel, pakketten en boekingen in je dashboard: ${dashboardUrl}`,
      '',
      'Veel succes en plezier met je optredens!',
      'Team Podium',
    ];
    return {
      subject: `Je artiestenprofiel "${decision.artistName}" is goedgekeurd`,
      text: lines.join('\n'),
      html:
        `<p>${escape(greeting)}</p><p>Goed nieuws: je artiestenprofiel <strong>${escape(decision.artistName)}</strong> is goedgekeurd en staat nu op Podium.</p>` +
        `<p><a href="${escape(profileUrl)}">Bekijk je openbare profiel</a> · <a href="${escape(dashboardUrl)}">Naar je dashboard</a></p>` +
        '<p>Veel succes en plezier met je optredens!<br>Team Podium</p>',
    };
  }
  const reason = decision.reason ?? '';
  const fixUrl = `${siteUrl.replace(/\/$/, '')}/artist-onboarding`;
  const lines = [
    greeting,
    '',
    `We hebben je artiestenprofiel "${decision.artistName}" bekeken en kunnen het helaas nog niet goedkeuren.`,
    '',
    `Reden: ${reason}`,
    '',
    `Pas je aanmelding aan en verstuur hem opnieuw: ${fixUrl}`,
    'Heb je vragen? Neem gerust contact met ons op.',
    'Team Podium',
  ];
  return {
    subject: `Je artiestenprofiel "${decision.artistName}" is niet goedgekeurd`,
    text: lines.join('\n'),
    html:
      `<p>${escape(greeting)}</p><p>We hebben je artiestenprofiel <strong>${escape(decision.artistName)}</strong> bekeken en kunnen het helaas nog niet goedkeuren.</p>` +
      `<p><strong>Reden:</strong> ${escape(reason)}</p>` +
      `<p><a href="${escape(fixUrl)}">Pas je aanmelding aan en verstuur hem opnieuw</a>. Heb je vragen? Neem gerust contact met ons op.<br>Team Podium</p>`,
  };
}

function changesMail(decision: Decision, greeting: string, siteUrl: string): { subject: string; text: string; html: string } {
  const profileUrl = `${siteUrl.replace(/\/$/, '')}/artists/${decision.artistSlug}`;
  const editorUrl = `${siteUrl.replace(/\/$/, '')}/dashboard/artist/profiel`;
  if (decision.approved) {
    const lines = [greeting, '', `Je wijzigingen aan "${decision.artistName}" zijn goedgekeurd en staan nu op je openbare profiel.`, `Bekijk je profiel: ${profileUrl}`, '', 'Team Podium'];
    return {
      subject: `Je wijzigingen aan "${decision.artistName}" staan online`,
      text: lines.join('\n'),
      html:
        `<p>${escape(greeting)}</p><p>Je wijzigingen aan <strong>${escape(decision.artistName)}</strong> zijn goedgekeurd en staan nu op je openbare profiel.</p>` +
        `<p><a href="${escape(profileUrl)}">Bekijk je profiel</a></p><p>Team Podium</p>`,
    };
  }
  const reason = decision.reason ?? '';
  const lines = [
    greeting,
    '',
    `We hebben je wijzigingen aan "${decision.artistName}" bekeken en kunnen ze helaas niet goedkeuren. Je profiel blijft zoals het was en je blijft gewoon boekbaar.`,
    '',
    `Reden: ${reason}`,
    '',
    `Pas je profiel aan: ${editorUrl}`,
    'Team Podium',
  ];
  return {
    subject: `Je wijzigingen aan "${decision.artistName}" zijn niet goedgekeurd`,
    text: lines.join('\n'),
    html:
      `<p>${escape(greeting)}</p><p>We hebben je wijzigingen aan <strong>${escape(decision.artistName)}</strong> bekeken en kunnen ze helaas niet goedkeuren. Je profiel blijft zoals het was en je blijft gewoon boekbaar.</p>` +
      `<p><strong>Reden:</strong> ${escape(reason)}</p><p><a href="${escape(editorUrl)}">Pas je profiel aan</a><br>Team Podium</p>`,
  };
}
