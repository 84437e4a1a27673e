// A news article in the list and under an article: cover (the 'large' preset), date, title, excerpt.
import { Box, Heading, Image, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { imagePresets, responsiveImage } from '@podium/shared/images';
import { Link } from 'react-router';
import { env } from '../../env.ts';
import { formatNewsDate, newsPath, type NewsSummary } from '../../data/news.ts';

const size = imagePresets.large.desktop.size;

export function NewsCard({ article, priority = false, headingLevel = 'h2' }: { article: NewsSummary; priority?: boolean; headingLevel?: 'h2' | 'h3' }) {
  const image = responsiveImage({ supabaseUrl: env.supabaseUrl, bucket: 'news-covers', path: article.cover_path, preset: 'large' });
  return (
    <LinkBox
      as="article"
      bg="white"
      rounded="2xl"
      borderWidth="1px"
      overflow="hidden"
      display="flex"
      flexDirection="column"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: 'lg', transform: 'translateY(-2px)' }}
      _focusWithin={{ shadow: 'lg' }}
    >
      <Box aspectRatio="16 / 10" bg="ink.100" overflow="hidden">
        {image && (
          <Image
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            width={size}
            height={size}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            objectFit="cover"
            w="full"
            h="full"
          />
        )}
      </Box>
      <Stack gap="2" p={{ base: '4', md: '5' }} flex="1">
        <Text fontSize="sm" color="fg.muted" asChild>
          <time dateTime={article.published_at}>{formatNewsDate(article.published_at)}</time>
        </Text>
        <Heading as={headingLevel} fontSize="lg" fontWeight="800" lineHeight="1.3">
          <LinkOverlay asChild>
            <Link to={newsPath(article.slug)}>{article.title}</Link>
          </LinkOverlay>
        </Heading>
        <Text color="ink.700" lineClamp={3}>
          {article.excerpt}
        </Text>
        <Text mt="auto" pt="1" fontWeight="700" color="brand.700" fontSize="sm" aria-hidden="true">
          Lees verder →
        </Text>
      </Stack>
    </LinkBox>
  );
}
