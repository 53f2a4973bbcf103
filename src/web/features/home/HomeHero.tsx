import { Link } from 'react-router';
import { FrontPageImage } from './FrontPageImage';

/** The home page's opening: the network in a sentence, over the admin's front page image. */
export function HomeHero() {
  return (
    <section className="hero mb-4" aria-labelledby="home-title">
      <FrontPageImage />
      <div className="hero-body">
        <h1 id="home-title" className="display-5">
          Find a chapter near you
        </h1>
        <p className="lead">
          Living Liberally is a network of local social chapters: Drinking, Screening, Living,
          Laughing, Dining and Reading Liberally. Meet like-minded neighbours over a drink, a film,
          a meal, a laugh or a book.
        </p>
        <Link to="/about" className="btn btn-light btn-lg">
          About Living Liberally
        </Link>
      </div>
    </section>
  );
}
