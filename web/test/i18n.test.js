import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Translator, chooseLanguage, errorText, fetchCatalogues, readCatalogues, setTranslator, sideName, t } from '../assets/js/i18n.js';
import { catalogueFiles } from './english.js';

test('the language: the switch first, else the first browser language the page speaks, else English', () => {
  assert.equal(chooseLanguage(null, ['zh-CN', 'en']), 'zh-CN');
  for (const tag of ['zh', 'zh-cn', 'zh-Hans', 'zh-Hans-CN', 'zh-SG']) assert.equal(chooseLanguage(null, [tag]), 'zh-CN', tag);
  assert.equal(chooseLanguage(null, ['zh-TW', 'en-GB']), 'en', 'Traditional Chinese is not Simplified');
  assert.equal(chooseLanguage(null, ['fr', 'zh']), 'zh-CN', 'a language the page does not speak is passed over');
  assert.equal(chooseLanguage(null, ['en-US', 'zh-CN']), 'en');
  assert.equal(chooseLanguage(null, []), 'en');
  assert.equal(chooseLanguage('en', ['zh-CN']), 'en', 'the switch wins');
  assert.equal(chooseLanguage('zh-CN', ['en']), 'zh-CN');
  assert.equal(chooseLanguage('klingon', ['zh-CN']), 'zh-CN', 'a stored value the page does not know is ignored');
});

test('a message the language lacks is English; one nobody has is its key', () => {
  const english = readCatalogues(['hello = Hello\nonly-english = Only English\nwins = { $count ->\n    [one] one win\n   *[other] { $count } wins\n  }']);
  const chinese = readCatalogues(['hello = 你好\nwins = { $count } 胜']);
  const translator = new Translator('zh-CN', chinese, english);
  assert.equal(translator.t('hello'), '你好');
  assert.equal(translator.t('only-english'), 'Only English');
  assert.equal(translator.t('wins', { count: 1 }), '1 胜');
  assert.equal(translator.t('nothing-here'), 'nothing-here');
  assert.equal(new Translator('en', english, english).t('wins', { count: 1 }), 'one win', "English's plural rules for English");
});

test('the catalogues are fetched from /locales, and a failed fetch says which', async () => {
  const asked = [];
  const messages = await fetchCatalogues('zh-CN', async (url) => {
    asked.push(url);
    return { ok: true, status: 200, text: async () => (url.endsWith('common.ftl') ? 'a = 1' : 'b = 2') };
  });
  assert.deepEqual(asked, ['/locales/zh-CN/common.ftl', '/locales/zh-CN/web.ftl']);
  assert.deepEqual([...messages.keys()], ['a', 'b']);
  await assert.rejects(fetchCatalogues('en', async () => ({ ok: false, status: 404, text: async () => '' })), /\/locales\/en\/common\.ftl: the server answered 404/);
});

test('sides in Chinese are named by move order, the colour beside it', () => {
  const english = readCatalogues(catalogueFiles('en'));
  setTranslator(new Translator('zh-CN', readCatalogues(catalogueFiles('zh-CN')), english));
  assert.equal(sideName('white'), '先手（白）');
  assert.equal(sideName('black'), '后手（黑）');
  assert.equal(sideName('white', true), '先手');
  assert.equal(t('end-reason-resignation', { winner: sideName('white'), loser: sideName('black') }), '先手（白）胜：后手（黑）认输');
  setTranslator(new Translator('en', english, english));
  assert.equal(sideName('black'), 'Black');
});

test('a refusal: the server words on an English page, the code in words on another, the server words for a code it does not know', () => {
  const english = readCatalogues(catalogueFiles('en'));
  const refusal = { code: 'not_your_turn', message: 'it is black to move' };
  setTranslator(new Translator('en', english, english));
  assert.equal(errorText(refusal), 'it is black to move');
  assert.equal(errorText({ code: 'not_your_turn', message: '' }), 'It is not your turn.');
  setTranslator(new Translator('zh-CN', readCatalogues(catalogueFiles('zh-CN')), english));
  assert.equal(errorText(refusal), '还没轮到你。');
  assert.equal(errorText({ code: 'a_newer_code', message: 'something new' }), 'something new');
  assert.equal(errorText({ code: 'a_newer_code', message: '' }), 'a_newer_code');
  setTranslator(new Translator('en', english, english));
});
