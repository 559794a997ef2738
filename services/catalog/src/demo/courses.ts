import { DEMO_VIDEOS } from '@liveedu/contracts';
import type { Motif } from '../categories/images.ts';
import type { Difficulty } from '../courses/domain.ts';

export interface DemoCourse {
  id: string;
  title: string;
  category: string;
  difficulity: Difficulty;
  priceRupees: number;
  colors: [string, string];
  motif: Motif;
  desc: string;
  benefits: string;
  prerequistes: string;
  /** Section title → video titles. */
  sections: [string, string[]][];
  /** Reviews by the demo students, by index in DEMO_STUDENTS. */
  reviews: [number, number, string][];
  daysAgo: number;
}

const id = (n: number) => `64d0c0de00000000000c${n.toString(16).padStart(4, '0')}`;

export const DEMO_COURSES: DemoCourse[] = [
  {
    id: id(1),
    title: 'Modern JavaScript from Scratch',
    category: 'Web Development',
    difficulity: 'beginner',
    priceRupees: 499,
    colors: ['#f59e0b', '#ef4444'],
    motif: 'code',
    desc: 'Learn the JavaScript every web developer uses daily: values and types, functions, arrays and objects, the DOM, events, fetch and async/await. Each section ends with a small project you build in the browser, from a tip calculator to a weather card that reads a public API.',
    benefits:
      'Write clean modern JavaScript with confidence\nUnderstand async code, promises and fetch\nBuild five small projects for your portfolio',
    prerequistes: 'Basic computer skills\nA code editor such as VS Code and a browser',
    sections: [
      ['Getting started', ['Setting up your editor', 'Values, variables and types']],
      [
        'Functions and data',
        ['Functions and scope', 'Arrays and their methods', 'Objects and destructuring'],
      ],
      [
        'The browser',
        ['Selecting and changing the DOM', 'Events and forms', 'Fetching data with async/await'],
      ],
    ],
    reviews: [
      [0, 5, 'Clearest explanation of async/await I have found. The projects made it stick.'],
      [1, 5, 'Perfect first course. I finally understand what the DOM is.'],
      [2, 4, 'Very good pace; I would have liked one more project on arrays.'],
    ],
    daysAgo: 110,
  },
  {
    id: id(2),
    title: 'React 18: Build Real Apps',
    category: 'Web Development',
    difficulity: 'intermediate',
    priceRupees: 1299,
    colors: ['#0ea5e9', '#6366f1'],
    motif: 'brackets',
    desc: 'Components, props, state and hooks, then routing, forms, data fetching and performance. We build a course marketplace front end together and deploy it, learning how to structure a React code base that stays easy to change.',
    benefits:
      'Think in components and hooks\nManage state and side effects correctly\nShip a routed, tested React app',
    prerequistes: 'Comfortable with modern JavaScript (ES2015+)\nBasic HTML and CSS',
    sections: [
      ['Foundations', ['JSX and components', 'Props and state', 'Lists and keys']],
      [
        'Hooks in depth',
        ['useEffect without surprises', 'useMemo, useCallback and when not to', 'Custom hooks'],
      ],
      ['A real app', ['Routing with React Router', 'Forms and validation', 'Deploying the app']],
    ],
    reviews: [
      [0, 5, 'The hooks section alone is worth the price.'],
      [3, 4, 'Great project-based approach. Deployment chapter was super useful.'],
    ],
    daysAgo: 95,
  },
  {
    id: id(3),
    title: 'Node.js and Express APIs',
    category: 'Web Development',
    difficulity: 'intermediate',
    priceRupees: 999,
    colors: ['#16a34a', '#0f766e'],
    motif: 'network',
    desc: 'Design and build REST APIs with Node.js and Express: routing, validation, authentication with JWT, file uploads, MongoDB with indexes, error handling and tests. By the end you will have a production-ready API with logs and health checks.',
    benefits:
      'Structure an Express API that scales\nSecure routes with JWT\nTest endpoints with real databases',
    prerequistes: 'JavaScript fundamentals\nAny experience with the command line',
    sections: [
      ['Server basics', ['Your first Express server', 'Routing and middleware']],
      ['Data', ['MongoDB models and indexes', 'Validation and errors']],
      ['Production', ['Authentication with JWT', 'Uploads and storage', 'Logging and health checks']],
    ],
    reviews: [[1, 4, 'Solid and practical. The validation chapter saved me hours at work.']],
    daysAgo: 80,
  },
  {
    id: id(4),
    title: 'Python for Data Analysis',
    category: 'Data Science',
    difficulity: 'beginner',
    priceRupees: 799,
    colors: ['#2563eb', '#facc15'],
    motif: 'chart',
    desc: 'Use Python, pandas and matplotlib to load, clean, explore and chart real data sets: cricket scores, monsoon rainfall and train timetables. You will learn the habits analysts rely on to get trustworthy answers from messy data.',
    benefits:
      'Load and clean data with pandas\nAnswer questions with group-by and joins\nMake clear charts that tell a story',
    prerequistes: 'No programming experience needed\nA laptop that can run Python 3',
    sections: [
      ['Python essentials', ['Installing Python and Jupyter', 'Lists, dictionaries and loops']],
      ['pandas', ['DataFrames and Series', 'Cleaning messy data', 'Group-by and aggregation']],
      ['Visualisation', ['Charts with matplotlib', 'Telling a story with data']],
    ],
    reviews: [
      [2, 5, 'Loved the Indian data sets, made everything relatable.'],
      [3, 5, 'Went from zero to building dashboards at my internship.'],
      [0, 4, 'Great course, a bit fast in the pandas joins part.'],
    ],
    daysAgo: 70,
  },
  {
    id: id(5),
    title: 'Machine Learning Foundations',
    category: 'Machine Learning',
    difficulity: 'intermediate',
    priceRupees: 1499,
    colors: ['#7c3aed', '#f43f5e'],
    motif: 'network',
    desc: 'Understand how machine learning models learn: regression, classification, decision trees, overfitting and evaluation. Build models with scikit-learn and learn to judge when a model is good enough to trust.',
    benefits:
      'Train and evaluate models with scikit-learn\nSpot overfitting and fix it\nChoose the right metric for a problem',
    prerequistes: 'Python basics\nSchool-level algebra',
    sections: [
      ['How models learn', ['What is a model?', 'Linear regression by hand']],
      ['Classification', ['Logistic regression', 'Decision trees and forests']],
      ['Evaluation', ['Train, validation and test sets', 'Precision, recall and ROC']],
    ],
    reviews: [[1, 5, 'Finally understood overfitting. Excellent visual explanations.']],
    daysAgo: 60,
  },
  {
    id: id(6),
    title: 'Flutter Mobile Apps',
    category: 'Mobile Development',
    difficulity: 'beginner',
    priceRupees: 899,
    colors: ['#0284c7', '#22d3ee'],
    motif: 'phone',
    desc: 'Build beautiful Android and iOS apps from one code base with Flutter and Dart. Layouts, navigation, state, local storage and calling APIs, ending with a habit tracker you can install on your own phone.',
    benefits: 'Build cross-platform apps with Flutter\nLay out responsive screens\nPublish a finished app',
    prerequistes: 'Any programming experience helps but is not required',
    sections: [
      ['Dart and Flutter', ['Dart in one hour', 'Widgets and layouts']],
      ['App structure', ['Navigation between screens', 'State management with Provider']],
      ['Finishing', ['Saving data on the device', 'Building and publishing']],
    ],
    reviews: [[3, 4, 'My first app is on my phone now. Clear and friendly teaching.']],
    daysAgo: 50,
  },
  {
    id: id(7),
    title: 'AWS Cloud Practitioner Prep',
    category: 'Cloud Computing',
    difficulity: 'all level',
    priceRupees: 699,
    colors: ['#ea580c', '#facc15'],
    motif: 'cloud',
    desc: 'Everything you need for the AWS Certified Cloud Practitioner exam: core services, pricing, security and the shared responsibility model, with practice questions after every section and a full mock exam.',
    benefits: 'Understand the core AWS services\nPrepare for the certification exam\nEstimate cloud costs',
    prerequistes: 'None',
    sections: [
      ['Cloud concepts', ['What the cloud really is', 'Regions and availability zones']],
      ['Core services', ['EC2, S3 and RDS', 'IAM and security']],
      ['Exam', ['Pricing and support plans', 'Full mock exam walkthrough']],
    ],
    reviews: [
      [0, 5, 'Passed the exam on my first attempt!'],
      [2, 4, 'Good summary of the services, the mock exam is very close to the real one.'],
    ],
    daysAgo: 40,
  },
  {
    id: id(8),
    title: 'Ethical Hacking Essentials',
    category: 'Cyber Security',
    difficulity: 'intermediate',
    priceRupees: 1199,
    colors: ['#0f172a', '#22c55e'],
    motif: 'shield',
    desc: 'Learn how attackers think so you can defend: reconnaissance, scanning, web vulnerabilities like SQL injection and XSS, password attacks and writing a clear report. All practice happens in your own safe lab.',
    benefits:
      'Set up a safe hacking lab\nFind common web vulnerabilities\nWrite a professional findings report',
    prerequistes: 'Comfort with the Linux command line\nBasic networking knowledge',
    sections: [
      ['Your lab', ['Installing the lab machines', 'Linux tools you will use']],
      ['Web attacks', ['SQL injection', 'Cross-site scripting']],
      ['Reporting', ['Rating severity', 'Writing the report']],
    ],
    reviews: [[1, 4, 'Hands-on and responsible. The lab setup was painless.']],
    daysAgo: 30,
  },
  {
    id: id(9),
    title: 'UI Design with Figma',
    category: 'Design',
    difficulity: 'beginner',
    priceRupees: 599,
    colors: ['#db2777', '#a855f7'],
    motif: 'palette',
    desc: 'Design clean, usable interfaces in Figma: frames, auto layout, components, colour and type, then prototype a complete mobile app and hand it to developers without confusion.',
    benefits: 'Use Figma with confidence\nBuild reusable components\nCreate clickable prototypes',
    prerequistes: 'A free Figma account',
    sections: [
      ['Figma basics', ['Frames and shapes', 'Auto layout']],
      ['Design systems', ['Colour and typography', 'Components and variants']],
      ['Prototyping', ['Interactive prototypes', 'Handing off to developers']],
    ],
    reviews: [[3, 5, 'Auto layout finally makes sense. Beautifully taught.']],
    daysAgo: 22,
  },
  {
    id: id(10),
    title: 'Digital Marketing Masterclass',
    category: 'Marketing',
    difficulity: 'all level',
    priceRupees: 999,
    colors: ['#dc2626', '#f97316'],
    motif: 'megaphone',
    desc: 'Plan and run marketing that brings customers: SEO, content, social media, email and paid ads, measured with analytics. Includes templates for a marketing plan and a monthly report.',
    benefits: 'Plan a full-funnel campaign\nGrow traffic with SEO and content\nMeasure what works',
    prerequistes: 'None, just curiosity',
    sections: [
      ['Strategy', ['Know your customer', 'Building a marketing plan']],
      ['Channels', ['SEO basics', 'Social media that converts', 'Email campaigns']],
      ['Measurement', ['Analytics for marketers']],
    ],
    reviews: [],
    daysAgo: 15,
  },
  {
    id: id(11),
    title: 'Personal Finance for Beginners',
    category: 'Finance & Accounting',
    difficulity: 'beginner',
    priceRupees: 399,
    colors: ['#a16207', '#65a30d'],
    motif: 'coins',
    desc: 'Take control of your money: budgeting, emergency funds, credit scores, mutual funds, SIPs, tax-saving options and planning for goals. Practical steps you can start the same day.',
    benefits: 'Build a budget that works\nStart investing with SIPs\nUnderstand tax-saving options',
    prerequistes: 'None',
    sections: [
      ['Money basics', ['Budgeting that sticks', 'Emergency funds']],
      ['Investing', ['Mutual funds and SIPs', 'Risk and diversification']],
    ],
    reviews: [[2, 5, 'Should be taught in every college. Started my first SIP!']],
    daysAgo: 8,
  },
  {
    id: id(12),
    title: 'TypeScript Deep Dive',
    category: 'Programming Languages',
    difficulity: 'advance',
    priceRupees: 1599,
    colors: ['#1e40af', '#3b82f6'],
    motif: 'brackets',
    desc: 'Go beyond the basics of TypeScript: generics, conditional and mapped types, type narrowing, declaration files and strict configuration, with refactoring exercises on a real code base.',
    benefits:
      'Model complex domains with types\nWrite reusable generic code\nMigrate a JavaScript project safely',
    prerequistes: 'Solid JavaScript\nSome TypeScript experience',
    sections: [
      ['Types in depth', ['Narrowing and unions', 'Generics']],
      ['Type-level programming', ['Conditional types', 'Mapped and template literal types']],
      ['In practice', ['Strict mode migration', 'Declaration files']],
    ],
    reviews: [],
    daysAgo: 3,
  },
];

/**
 * The video items of a demo course: each plays one of the demo tutor's lecture videos, which the
 * media service makes and transcodes locally, so the demo plays without the internet.
 */
export function demoContent(course: DemoCourse) {
  let n = 0;
  return course.sections.map(([sectionTitle, videos]) =>
    videos.map((videoTitle) => {
      const video = DEMO_VIDEOS[(Number.parseInt(course.id.slice(-4), 16) + n++) % DEMO_VIDEOS.length]!;
      return {
        sectionTitle,
        videoTitle,
        videoDesc: `${videoTitle}: part of "${sectionTitle}" in ${course.title}. Watch the lesson, then try the exercise in the notes before moving on.`,
        videoLink: '',
        videoId: video.id,
      };
    }),
  );
}
