// The messages only screens of the discover package use (parts.json): in a build, config/i18n-parts.ts makes these two
// imports that package's namespaces alone, so they travel with its screens instead of the main package/first load.
import { addMessages } from '..';
import cn from '../cn.json';
import en from '../en.json';

addMessages({ cn, en });
